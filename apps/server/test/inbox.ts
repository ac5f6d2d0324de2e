/**
 * What a test's fake server (SMTP, SMS) has accepted, in order, and a wait for a message that matches: it
 * resolves as soon as one has arrived (or already had), else fails after `timeoutMs`.
 */
export function createInbox<T>(what: string) {
  const messages: T[] = [];
  const waiters = new Set<() => void>();

  const receive = (message: T) => {
    messages.push(message);
    for (const w of waiters) w();
  };

  const waitFor = (match: (m: T) => boolean, timeoutMs = 5000) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching ${what} arrived`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return { messages, receive, waitFor };
}
