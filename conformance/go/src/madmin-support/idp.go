// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"strings"

	"github.com/minio/madmin-go/v2"
)

// idp drives AddOrUpdateIDPConfig, ListIDPConfig, GetIDPConfig and DeleteIDPConfig: a named OpenID
// configuration added, listed with its role ARN, read, updated, refused when added twice, deleted; the
// LDAP configuration only under the default name.
func idp(adm *madmin.AdminClient) {
	steps := 0
	step := func(name string, err error) {
		if err != nil {
			fail("%s: %v", name, err)
		}
		steps++
	}
	cfg := "config_url=https://idp.example.test/.well-known/openid-configuration client_id=go-app client_secret=go-secret role_policy=readonly"
	_, err := adm.AddOrUpdateIDPConfig(ctx, madmin.OpenidIDPCfg, "gocfg", cfg, false)
	step("add openid", err)
	list, err := adm.ListIDPConfig(ctx, madmin.OpenidIDPCfg)
	step("list openid", err)
	if len(list) != 1 || list[0].Name != "gocfg" || !list[0].Enabled || list[0].RoleARN != "arn:minio:iam:::role/gocfg" {
		fail("list openid: %+v", list)
	}
	got, err := adm.GetIDPConfig(ctx, madmin.OpenidIDPCfg, "gocfg")
	step("get openid", err)
	values := map[string]string{}
	for _, i := range got.Info {
		values[i.Key] = i.Value
	}
	if got.Type != "openid" || values["client_id"] != "go-app" || values["role_policy"] != "readonly" {
		fail("get openid: %+v", got)
	}
	_, err = adm.AddOrUpdateIDPConfig(ctx, madmin.OpenidIDPCfg, "gocfg", cfg, false)
	if err == nil || !strings.Contains(madmin.ToErrorResponse(err).Code, "AlreadyExists") {
		fail("second add: %v", err)
	}
	steps++
	_, err = adm.AddOrUpdateIDPConfig(ctx, madmin.OpenidIDPCfg, "gocfg", "client_id=go-app-2", true)
	step("update openid", err)
	got, err = adm.GetIDPConfig(ctx, madmin.OpenidIDPCfg, "gocfg")
	step("get updated", err)
	for _, i := range got.Info {
		if i.Key == "client_id" && i.Value != "go-app-2" {
			fail("update not seen: %+v", got)
		}
	}
	_, err = adm.DeleteIDPConfig(ctx, madmin.OpenidIDPCfg, "gocfg")
	step("delete openid", err)
	if _, err = adm.GetIDPConfig(ctx, madmin.OpenidIDPCfg, "gocfg"); err == nil {
		fail("get after delete succeeded")
	}
	steps++
	if _, err = adm.AddOrUpdateIDPConfig(ctx, madmin.LDAPIDPCfg, "second", "server_addr=ldap.test:636", false); err == nil {
		fail("a named LDAP configuration was accepted")
	}
	steps++
	_, err = adm.AddOrUpdateIDPConfig(ctx, madmin.LDAPIDPCfg, "", "server_addr=ldap.test:636 lookup_bind_dn=cn=admin,dc=test lookup_bind_password=pw user_dn_search_base_dn=dc=test user_dn_search_filter=(uid=%s)", false)
	step("add ldap", err)
	ldap, err := adm.ListIDPConfig(ctx, madmin.LDAPIDPCfg)
	step("list ldap", err)
	if len(ldap) != 1 || ldap[0].Name != "_" {
		fail("list ldap: %+v", ldap)
	}
	_, err = adm.DeleteIDPConfig(ctx, madmin.LDAPIDPCfg, "")
	step("delete ldap", err)
	fmt.Printf("OK %d steps\n", steps)
}
