/**
 * Where one read goes (docs/replicas.md): a pure decision over the last health check of each replica,
 * so the rule is tested without a server.
 */

/** `plain`: reads of the data set alone. `dependent`: reads that show the workspace's own saves, lists or exports. */
export type ReadKind = 'plain' | 'dependent';

/** Why a read went to the primary although replicas are configured. */
export type FallbackReason =
  | 'replica_down'
  | 'replica_lagging'
  | 'dataset_behind'
  | 'not_a_replica'
  | 'read_your_writes'
  | 'write_position_unknown'
  | 'replica_error';

export interface ReplicaHealth {
  /** Answered its last check. */
  up: boolean;
  /** `pg_is_in_recovery()` at the last check (a promoted replica is a primary: no reads). */
  inRecovery: boolean;
  /** How far behind the primary it was at the last check. */
  lagMs: number;
  /** `pg_last_wal_replay_lsn()`; null when unknown. */
  replayLsn: bigint | null;
  /** `dataset_state` instance and version as the replica has replayed them. */
  datasetVersion: string | null;
}

export interface ReadRequest {
  kind: ReadKind;
  /**
   * Dependent reads: the primary's WAL position after the workspace's last write still remembered;
   * null: none remembered (no recent write); undefined: unknown (Redis did not answer).
   */
  workspaceLsn?: bigint | null;
}

export type ReadDecision = { target: number } | { target: 'primary'; reason: FallbackReason | null };

/** Why a replica may not take a read, or null when it may. */
export function replicaRefusal(
  replica: ReplicaHealth,
  primaryVersion: string | null,
  maxLagMs: number,
  read: ReadRequest,
): FallbackReason | null {
  if (!replica.up) return 'replica_down';
  if (!replica.inRecovery) return 'not_a_replica';
  if (replica.lagMs > maxLagMs) return 'replica_lagging';
  if (primaryVersion !== null && replica.datasetVersion !== primaryVersion) return 'dataset_behind';
  if (read.kind === 'dependent') {
    if (read.workspaceLsn === undefined) return 'write_position_unknown';
    if (read.workspaceLsn !== null && (replica.replayLsn === null || replica.replayLsn < read.workspaceLsn))
      return 'read_your_writes';
  }
  return null;
}

/**
 * Round robin from `start` among the replicas that may take the read; the primary when none may, with the
 * reason of the first refusal (no reason when no replica is configured: that is not a fallback).
 */
export function routeRead(
  replicas: readonly ReplicaHealth[],
  primaryVersion: string | null,
  maxLagMs: number,
  read: ReadRequest,
  start: number,
): ReadDecision {
  let reason: FallbackReason | null = null;
  for (let i = 0; i < replicas.length; i++) {
    const index = (start + i) % replicas.length;
    const refusal = replicaRefusal(replicas[index], primaryVersion, maxLagMs, read);
    if (refusal === null) return { target: index };
    // Read-your-writes is the reason worth counting when a replica was otherwise fine.
    if (reason === null || refusal === 'read_your_writes') reason = refusal;
  }
  return { target: 'primary', reason };
}
