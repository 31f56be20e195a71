let current = 0;

/**
 * Which test is running: a new number before each test of every file (scripts/test-preload.ts
 * calls `startNextTest`), so that what a test app keys by it (its limits' counters) is that
 * test's own.
 */
export function currentTest(): number {
  return current;
}

export function startNextTest(): void {
  current++;
}
