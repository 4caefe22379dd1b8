/**
 * For the suites that kill a proxy while it emails (`confirmation-crash.test.ts`,
 * `routing-crash.test.ts`): the stand-in platform, and a real mail server that holds every
 * message read whole unanswered, as if mid-send, until the test lets it answer
 * (`../fixtures/mail-server.ts`). Started before the file's tests and stopped after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { startHeldMailServer, type HeldMailServer } from '../fixtures/mail-server.ts';

/** The platform and the held mail server of the file, and the gate the messages wait at. */
export function useHeldMail(credentials: { username: string; password: string }) {
  let api: RunningEnquiryApi | undefined;
  let mail: HeldMailServer | undefined;
  beforeAll(async () => {
    api = await startEnquiryApi({ credentials });
    mail = await startHeldMailServer();
  });
  afterAll(async () => {
    await mail?.close();
    await api?.close();
  });
  const started = <T>(part: T | undefined): T => {
    if (!part) throw new Error('useHeldMail: its beforeAll has not run');
    return part;
  };
  return {
    api: () => started(api),
    mail: () => started(mail),
    /** From now on every message is answered (held ones whose sender is gone are not kept). */
    answer() {
      started(mail).answer();
    },
  };
}
