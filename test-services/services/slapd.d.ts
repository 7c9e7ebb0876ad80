import type { StartedService } from '../service.js';
export declare const LDAP_BASE = "dc=stowage,dc=test";
/** The seeded directory: people, groups, and a read-only lookup account. */
export declare const LDAP_DIRECTORY: {
    readonly base: "dc=stowage,dc=test";
    readonly usersBase: "ou=people,dc=stowage,dc=test";
    readonly groupsBase: "ou=groups,dc=stowage,dc=test";
    readonly lookup: {
        readonly dn: "cn=lookup,dc=stowage,dc=test";
        readonly password: "lookup-secret";
    };
    readonly users: {
        readonly alice: {
            readonly dn: "uid=alice,ou=people,dc=stowage,dc=test";
            readonly password: "alice-secret";
        };
        readonly bob: {
            readonly dn: "uid=bob,ou=people,dc=stowage,dc=test";
            readonly password: "bob-secret";
        };
        readonly carol: {
            readonly dn: "uid=carol,ou=people,dc=stowage,dc=test";
            readonly password: "carol-secret";
        };
    };
    readonly groups: {
        /** bob is a member. */
        readonly auditors: "cn=auditors,ou=groups,dc=stowage,dc=test";
        /** alice and carol are members. */
        readonly staff: "cn=staff,ou=groups,dc=stowage,dc=test";
    };
};
/** What tests get from `testService<SlapdInfo>('slapd')`. */
export interface SlapdInfo {
    /** host:port of plain LDAP (StartTLS offered). */
    serverAddr: string;
    /** host:port of LDAPS (a self-signed certificate: tls_skip_verify). */
    tlsServerAddr: string;
    directory: typeof LDAP_DIRECTORY;
}
/**
 * Debian's slapd on free ports (LDAP with StartTLS, and LDAPS), its own configuration and MDB database
 * in the scratch dir, seeded with {@link LDAP_DIRECTORY} by slapadd before it starts.
 */
export declare function start(scratchDir: string): Promise<StartedService>;
//# sourceMappingURL=slapd.d.ts.map