import { describe, expect, it } from 'vitest';
import { createDailySalts, daysBefore, utcDay, visitorId } from './visitor-id';

const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('visitorId', () => {
  it('is the same for the same salt, site, address and user agent', () => {
    expect(visitorId('salt-a', 'shop.example', '192.0.2.1', UA)).toBe(visitorId('salt-a', 'shop.example', '192.0.2.1', UA));
    expect(visitorId('salt-a', 'shop.example', '192.0.2.1', UA)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs with the salt (the day), the site, the address or the user agent', () => {
    const base = visitorId('salt-a', 'shop.example', '192.0.2.1', UA);
    expect(visitorId('salt-b', 'shop.example', '192.0.2.1', UA)).not.toBe(base);
    expect(visitorId('salt-a', 'other.example', '192.0.2.1', UA)).not.toBe(base);
    expect(visitorId('salt-a', 'shop.example', '192.0.2.2', UA)).not.toBe(base);
    expect(visitorId('salt-a', 'shop.example', '192.0.2.1', `${UA} Edge`)).not.toBe(base);
  });

  it('cannot be made equal by moving text from one part into the next', () => {
    expect(visitorId('salt', 'ab', 'c', UA)).not.toBe(visitorId('salt', 'a', 'bc', UA));
    expect(visitorId('salt', 'a:b', 'c', UA)).not.toBe(visitorId('salt', 'a', 'b:c', UA));
  });
});

describe('UTC days', () => {
  it('names a moment by its UTC day, and counts days back across months', () => {
    expect(utcDay(new Date('2026-11-24T23:59:59.999-01:00'))).toBe('2026-11-25');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-01-01', 2)).toBe('2025-12-30');
  });
});

describe('daily salts', () => {
  const setup = () => {
    const reads: string[] = [];
    const newDays: string[] = [];
    const salts = createDailySalts({
      saltFor: async (day) => {
        reads.push(day);
        return `salt of ${day}`;
      },
      onNewDay: (day) => newDays.push(day),
    });
    return { salts, reads, newDays };
  };

  it('reads a day’s salt once, and the next day’s at the day change', async () => {
    const { salts, reads, newDays } = setup();
    expect(await salts.saltOn(new Date('2026-11-24T08:00:00Z'))).toBe('salt of 2026-11-24');
    expect(await salts.saltOn(new Date('2026-11-24T23:59:59Z'))).toBe('salt of 2026-11-24');
    expect(await salts.saltOn(new Date('2026-11-25T00:00:00Z'))).toBe('salt of 2026-11-25');
    expect(reads).toEqual(['2026-11-24', '2026-11-25']);
    expect(newDays).toEqual(['2026-11-24', '2026-11-25']);
  });

  it('tries a failed read again at the next event', async () => {
    let fail = true;
    const salts = createDailySalts({
      saltFor: async () => {
        if (fail) throw new Error('database away');
        return 'salt';
      },
      onNewDay: () => {},
    });
    const moment = new Date('2026-11-24T08:00:00Z');
    await expect(salts.saltOn(moment)).rejects.toThrow('database away');
    fail = false;
    expect(await salts.saltOn(moment)).toBe('salt');
  });
});
