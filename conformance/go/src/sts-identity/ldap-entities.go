// SPDX-License-Identifier: Apache-2.0

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/minio/madmin-go/v2"
)

// ldapEntities attaches a policy to a group DN with madmin-go's AttachPolicyLDAP, prints what
// GetLDAPPolicyEntities answers as one "ENTITIES <json>" line, then detaches it with DetachPolicyLDAP.
//
//	sts-identity <http://host:port> ldap-entities <accessKey> <secretKey> <policy> <groupDN>
func ldapEntities(endpoint string, args []string) {
	u, err := url.Parse(endpoint)
	if err != nil {
		fmt.Printf("FAIL endpoint: %v\n", err)
		return
	}
	adm, err := madmin.New(u.Host, args[1], args[2], u.Scheme == "https")
	if err != nil {
		fmt.Printf("FAIL madmin: %v\n", err)
		failed++
		return
	}
	ctx := context.Background()
	policy, group := args[3], args[4]
	req := madmin.PolicyAssociationReq{Policies: []string{policy}, Group: group}
	check("ldap-attach", func() error {
		_, err := adm.AttachPolicyLDAP(ctx, req)
		return err
	})
	check("ldap-entities", func() error {
		r, err := adm.GetLDAPPolicyEntities(ctx, madmin.PolicyEntitiesQuery{})
		if err != nil {
			return err
		}
		out, err := json.Marshal(r)
		if err != nil {
			return err
		}
		fmt.Printf("ENTITIES %s\n", out)
		return nil
	})
	check("ldap-detach", func() error {
		_, err := adm.DetachPolicyLDAP(ctx, req)
		return err
	})
}
