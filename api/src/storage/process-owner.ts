import { readFileSync, readlinkSync } from "node:fs";
import { hostname } from "node:os";

/**
 * Who owns a folder of the shared data directory: enough to tell, from another process, whether
 * that owner still runs. Written into the folder as JSON.
 */
export interface ProcessOwner {
  /** Host name, kernel boot and PID namespace: where `pid` means this process. */
  machine: string;
  pid: number;
  /** When the process started, in the kernel's clock ticks since boot (Linux); null elsewhere. */
  started: number | null;
}

function readOrNull(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null;
  }
}

/** Fields of `/proc/<pid>/stat` after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | null {
  const stat = readOrNull(() => readFileSync(`/proc/${pid}/stat`, "utf8"));
  return stat === null ? null : stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/**
 * The same machine is the same host name, the same boot (a PID from before a reboot means
 * nothing) and the same PID namespace (two containers may share a host name, never their PIDs).
 * Outside Linux the host name alone.
 */
const thisMachine = [
  hostname(),
  readOrNull(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8")) ?? "",
  readOrNull(() => readlinkSync("/proc/self/ns/pid")) ?? "",
].join("|");

/** Field 22 of `/proc/<pid>/stat` (the 20th after the name): the start time. */
function startTimeOf(pid: number): number | null {
  const value = statFields(pid)?.[19];
  return value === undefined ? null : Number(value);
}

/** This process, as another one will check it. */
export function currentOwner(): ProcessOwner {
  return { machine: thisMachine, pid: process.pid, started: startTimeOf(process.pid) };
}

export function isProcessOwner(value: unknown): value is ProcessOwner {
  const owner = value as Partial<ProcessOwner> | null;
  return (
    typeof owner?.machine === "string" &&
    typeof owner.pid === "number" &&
    Number.isSafeInteger(owner.pid) &&
    owner.pid > 0 &&
    (owner.started === null || typeof owner.started === "number")
  );
}

/**
 * Whether the owner has ended: true when it ran on this machine and its PID is gone, a zombie,
 * or now another process (a different start time); false while it runs; null when this machine
 * cannot tell (another host or container; then only its heartbeat says).
 */
export function hasEnded(owner: ProcessOwner): boolean | null {
  if (owner.machine !== thisMachine) return null;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return true;
  }
  const fields = statFields(owner.pid);
  if (fields === null) return false;
  const state = fields[0];
  if (state === "Z" || state === "X") return true;
  return owner.started !== null && Number(fields[19]) !== owner.started;
}
