/**
 * `BACKUP_SCHEDULE`: when the API backs up by itself. `daily HH:MM` (local time of the API's
 * machine), `hourly MM`, or `off`; default `daily 02:30`. A slot is the moment a backup is due;
 * each slot is backed up once per deployment (`backup_runs.slot` is unique).
 */
export type BackupSchedule =
  | { kind: "off" }
  | { kind: "daily"; hour: number; minute: number }
  | { kind: "hourly"; minute: number };

export const defaultBackupSchedule: BackupSchedule = { kind: "daily", hour: 2, minute: 30 };

/** The schedule, or the problem with the setting (for the configuration's message). */
export function parseBackupSchedule(value: string | undefined): BackupSchedule | string {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "") return defaultBackupSchedule;
  if (text === "off") return { kind: "off" };
  const daily = /^daily (\d{1,2}):(\d{2})$/.exec(text);
  if (daily) {
    const hour = Number(daily[1]);
    const minute = Number(daily[2]);
    if (hour <= 23 && minute <= 59) return { kind: "daily", hour, minute };
  }
  const hourly = /^hourly (\d{1,2})$/.exec(text);
  if (hourly && Number(hourly[1]) <= 59) return { kind: "hourly", minute: Number(hourly[1]) };
  return `BACKUP_SCHEDULE must be "daily HH:MM", "hourly MM" or "off", got "${value}".`;
}

/** The latest slot at or before `now` (ms since the epoch); null when the schedule is off. */
export function latestSlot(schedule: BackupSchedule, now: number): Date | null {
  if (schedule.kind === "off") return null;
  const slot = new Date(now);
  slot.setSeconds(0, 0);
  if (schedule.kind === "hourly") {
    slot.setMinutes(schedule.minute);
    if (slot.getTime() > now) slot.setHours(slot.getHours() - 1);
    return slot;
  }
  slot.setHours(schedule.hour, schedule.minute);
  if (slot.getTime() > now) slot.setDate(slot.getDate() - 1);
  return slot;
}

/** How long after a slot it may still be caught up (a process that was down at 02:30). */
export function slotGraceMs(schedule: BackupSchedule): number {
  return schedule.kind === "hourly" ? 60 * 60_000 : 24 * 60 * 60_000;
}
