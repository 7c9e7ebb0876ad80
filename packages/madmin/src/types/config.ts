// Wire types of the configuration calls (madmin-go config-kv-commands.go, config-help-commands.go).

/** One key of a sub-system's help. */
export interface HelpKV {
  key: string;
  description: string;
  optional: boolean;
  type: string;
  multipleTargets?: boolean;
}

/** `GET /help-config-kv?subSys=&key=` response. */
export interface ConfigHelp {
  subSys: string;
  description: string;
  multipleTargets: boolean;
  keysHelp: HelpKV[] | null;
}

/** Result of set/del config: whether the server needs a restart to apply it. */
export interface ConfigSetResult {
  /** False when the server answered `x-minio-config-applied: true`. */
  restartRequired: boolean;
}
