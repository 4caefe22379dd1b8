/** Named values kept with the outbox (the form-token secret, when generated), written once for both databases. */
import { one, run, type Plan } from './plan.ts';

/** A named value, or null. */
export function* getSetting(name: string): Plan<string | null> {
  return (
    (yield* one<{ value: string }>('SELECT value FROM settings WHERE name = @name', { name }))
      ?.value ?? null
  );
}

/** Keeps a named value. */
export function* setSetting(name: string, value: string): Plan<void> {
  yield* run(
    `INSERT INTO settings (name, value) VALUES (@name, @value)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
    { name, value },
  );
}

/** Keeps `value` under `name` unless a value is kept there already; answers the one kept. */
export function* settingOnce(name: string, value: string): Plan<string> {
  yield* run(
    `INSERT INTO settings (name, value) VALUES (@name, @value) ON CONFLICT (name) DO NOTHING`,
    { name, value },
  );
  return (yield* getSetting(name)) ?? value;
}
