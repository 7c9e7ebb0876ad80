// SPDX-License-Identifier: Apache-2.0

package main

import (
	"strings"

	"github.com/minio/madmin-go/v2"
)

// lookup reads one effective value (environment first) of subsys[:target] as madmin-go parses it.
func lookup(adm *madmin.AdminClient, step, key, name string) (string, bool) {
	out, err := adm.GetConfigKV(ctx, key)
	if err != nil {
		fail(step, "GetConfigKV %s: %v", key, err)
	}
	cfgs, err := madmin.ParseServerConfigOutput(string(out))
	if err != nil {
		fail(step, "ParseServerConfigOutput: %v\n%s", err, out)
	}
	if len(cfgs) != 1 {
		fail(step, "expected one config, got %d:\n%s", len(cfgs), out)
	}
	for _, kv := range cfgs[0].KV {
		if kv.Key == name {
			v, _ := cfgs[0].Lookup(name)
			return v, kv.EnvOverride != nil
		}
	}
	fail(step, "no key %s in:\n%s", name, out)
	return "", false
}

// configSteps drives the configuration API (`madmin-calls <host:port> <ak> <sk> config`): help,
// get/set/del of one set, environment overrides as madmin-go parses them, export/import, history, and
// the region taking effect at a service restart. The store is started by the test with
// MINIO_REGION_COMMENT=from-env and MINIO_TEST_HOOK_ENDPOINT_gotarget=http://127.0.0.1:9/env, and knows
// the test's dynamic multi-target set `test_hook`.
func configSteps(adm *madmin.AdminClient) {
	// Help (decoded with DisallowUnknownFields by madmin-go).
	all, err := adm.HelpConfigKV(ctx, "", "", false)
	check("HelpConfigKV all", err)
	expect("HelpConfigKV all lists region", strings.Contains(strings.Join(all.Keys(), ","), "region"), "%v", all.Keys())
	help, err := adm.HelpConfigKV(ctx, "region", "", false)
	check("HelpConfigKV region", err)
	expect("HelpConfigKV region keys", strings.Join(help.Keys(), ",") == "name,comment" && !help.MultipleTargets, "%+v", help)
	expect("HelpConfigKV region types", help.KeysHelp[0].Type == "string" && help.KeysHelp[1].Type == "sentence", "%+v", help.KeysHelp)
	envHelp, err := adm.HelpConfigKV(ctx, "region", "name", true)
	check("HelpConfigKV region env", err)
	expect("HelpConfigKV env name", len(envHelp.KeysHelp) == 1 && envHelp.KeysHelp[0].Key == "MINIO_REGION_NAME", "%+v", envHelp)
	hook, err := adm.HelpConfigKV(ctx, "test_hook", "", false)
	check("HelpConfigKV test_hook", err)
	expect("HelpConfigKV multiple targets", hook.MultipleTargets, "%+v", hook)
	_, err = adm.HelpConfigKV(ctx, "nosuch", "", false)
	expectCode("HelpConfigKV unknown", err, "XMinioConfigError")

	// A restart set: saved now, in effect after the service restart.
	restart, err := adm.SetConfigKV(ctx, `region name=eu-west-1 comment="set by go"`)
	check("SetConfigKV region", err)
	expect("SetConfigKV region needs restart", restart, "restart=false")
	name, fromEnv := lookup(adm, "GetConfigKV region name", "region", "name")
	expect("GetConfigKV region name", name == "eu-west-1" && !fromEnv, "name=%q env=%v", name, fromEnv)
	comment, fromEnv := lookup(adm, "GetConfigKV region comment", "region", "comment")
	expect("GetConfigKV env override wins", comment == "from-env" && fromEnv, "comment=%q env=%v", comment, fromEnv)
	_, err = adm.SetConfigKV(ctx, "region nme=x")
	expectCode("SetConfigKV unknown key", err, "XMinioConfigError")
	_, err = adm.SetConfigKV(ctx, "region name=1bad")
	expectCode("SetConfigKV bad value", err, "XMinioConfigError")
	_, err = adm.SetConfigKV(ctx, "region:west name=x")
	expectCode("SetConfigKV bad target", err, "XMinioConfigError")
	name, _ = lookup(adm, "GetConfigKV unchanged", "region", "name")
	expect("GetConfigKV unchanged", name == "eu-west-1", "name=%q", name)
	info, err := adm.ServerInfo(ctx)
	check("ServerInfo before restart", err)
	expect("ServerInfo region before restart", info.Region == "us-east-1", "region=%q", info.Region)
	check("ServiceRestart", adm.ServiceRestart(ctx))
	info, err = adm.ServerInfo(ctx)
	check("ServerInfo after restart", err)
	expect("ServerInfo region after restart", info.Region == "eu-west-1", "region=%q", info.Region)

	// A dynamic multi-target set: applied at once; the environment's target parses as madmin-go expects.
	restart, err = adm.SetConfigKV(ctx, "test_hook:gotarget enable=on batch=3")
	check("SetConfigKV dynamic", err)
	expect("SetConfigKV dynamic applied", !restart, "restart=true")
	endpoint, fromEnv := lookup(adm, "GetConfigKV target env", "test_hook:gotarget", "endpoint")
	expect("GetConfigKV target env", endpoint == "http://127.0.0.1:9/env" && fromEnv, "endpoint=%q env=%v", endpoint, fromEnv)
	batch, _ := lookup(adm, "GetConfigKV target batch", "test_hook:gotarget", "batch")
	expect("GetConfigKV target batch", batch == "3", "batch=%q", batch)

	// Export and import.
	exported, err := adm.GetConfig(ctx)
	check("GetConfig", err)
	expect("GetConfig has region", strings.Contains(string(exported), `region name=eu-west-1 comment="set by go"`), "%s", exported)
	expect("GetConfig has env line", strings.Contains(string(exported), "# MINIO_REGION_COMMENT=from-env\n"), "%s", exported)
	err = adm.SetConfig(ctx, strings.NewReader("region name=us-west-2\ntest_hook:bad batch=many\n"))
	expectCode("SetConfig invalid", err, "XMinioConfigError")
	name, _ = lookup(adm, "SetConfig invalid changed nothing", "region", "name")
	expect("SetConfig invalid changed nothing", name == "eu-west-1", "name=%q", name)
	check("SetConfig", adm.SetConfig(ctx, strings.NewReader("region name=us-west-2\n")))
	name, _ = lookup(adm, "GetConfigKV after import", "region", "name")
	expect("GetConfigKV after import", name == "us-west-2", "name=%q", name)

	// History: restore the export's state, then clear.
	history, err := adm.ListConfigHistoryKV(ctx, 10)
	check("ListConfigHistoryKV", err)
	expect("ListConfigHistoryKV entries", len(history) == 3, "%d entries", len(history))
	expect("ListConfigHistoryKV order", history[0].CreateTime.Before(history[2].CreateTime), "%v", history)
	expect("ListConfigHistoryKV data", strings.Contains(history[1].Data, "test_hook:gotarget enable=on"), "%q", history[1].Data)
	check("RestoreConfigHistoryKV", adm.RestoreConfigHistoryKV(ctx, history[1].RestoreID))
	name, _ = lookup(adm, "GetConfigKV after restore", "region", "name")
	expect("GetConfigKV after restore", name == "eu-west-1", "name=%q", name)
	check("ClearConfigHistoryKV one", adm.ClearConfigHistoryKV(ctx, history[0].RestoreID))
	history, err = adm.ListConfigHistoryKV(ctx, 10)
	check("ListConfigHistoryKV after clear", err)
	expect("ListConfigHistoryKV one gone", len(history) == 2, "%d entries", len(history))
	check("ClearConfigHistoryKV all", adm.ClearConfigHistoryKV(ctx, "all"))
	history, err = adm.ListConfigHistoryKV(ctx, 10)
	check("ListConfigHistoryKV empty", err)
	expect("ListConfigHistoryKV empty", len(history) == 0, "%d entries", len(history))

	// Delete: back to defaults.
	restart, err = adm.DelConfigKV(ctx, "region")
	check("DelConfigKV region", err)
	expect("DelConfigKV region needs restart", restart, "restart=false")
	name, _ = lookup(adm, "GetConfigKV after delete", "region", "name")
	expect("GetConfigKV after delete", name == "", "name=%q", name)
	restart, err = adm.DelConfigKV(ctx, "test_hook:gotarget")
	check("DelConfigKV dynamic", err)
	expect("DelConfigKV dynamic applied", !restart, "restart=true")
	_, err = adm.DelConfigKV(ctx, "test_hook:nosuch")
	expectCode("DelConfigKV unknown target", err, "XMinioAdminNoSuchConfigTarget")
}
