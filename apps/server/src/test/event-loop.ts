/**
 * Counts event-loop turns (setImmediate callbacks) until `work` settles: a test's proof that a long
 * piece of work yields to other requests instead of holding the thread from start to end.
 */
export async function turnsDuring<T>(work: Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work, turns };
  } finally {
    running = false;
  }
}
