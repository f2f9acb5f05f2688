import { describe, expect, it } from 'vitest';
import { formatShortDay } from '../components/product-price';
import { formatBytes, formatReleaseDate } from './format';
import { htmlToPlainText, truncateText } from './plain-text';
import { isSelfHostedUrl } from './self-hosted-url';

describe('htmlToPlainText', () => {
  it('removes tags and decodes entities', () => {
    expect(htmlToPlainText('<p><strong>Pad Mapper</strong> is our <em>MIDI</em> plugin &amp; more&nbsp;&#8212; &#x2713;</p>')).toBe(
      'Pad Mapper is our MIDI plugin & more — ✓',
    );
  });

  it('drops scripts and keeps words of separate blocks apart', () => {
    expect(htmlToPlainText('<p>One</p><p>Two<br>Three</p><script>alert(1)</script><img src=x onerror=alert(1)>')).toBe('One Two Three');
  });

  it('leaves unknown entities as they are', () => {
    expect(htmlToPlainText('a &bogus; b')).toBe('a &bogus; b');
  });
});

describe('truncateText', () => {
  it('keeps short text and cuts long text at a word', () => {
    expect(truncateText('short')).toBe('short');
    const cut = truncateText('word '.repeat(60));
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('formatBytes', () => {
  it('formats bytes, kilobytes and megabytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(4049)).toBe('4.0 KB');
    expect(formatBytes(2_820_253)).toBe('2.7 MB');
    expect(formatBytes(116_391_936)).toBe('111 MB');
    expect(formatBytes(-1)).toBe('');
  });
});

describe('formatReleaseDate', () => {
  it('formats ISO dates in UTC and rejects nonsense', () => {
    expect(formatReleaseDate('2026-02-10T10:00:00.000Z')).toBe('February 10, 2026');
    expect(formatReleaseDate('not a date')).toBe('');
  });

  it('writes every day of several years as Intl writes it, long (en-US) and short (en-GB)', () => {
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const lateInTheDay = day + 86_399_999;
      expect(formatReleaseDate(new Date(lateInTheDay).toISOString())).toBe(long.format(lateInTheDay));
      expect(formatShortDay(lateInTheDay)).toBe(short.format(lateInTheDay));
    }
  });
});

describe('isSelfHostedUrl', () => {
  it('accepts only our own origins for media', () => {
    const origins = ['https://shop.example'];
    expect(isSelfHostedUrl('/media/a.mp4', origins)).toBe(true);
    expect(isSelfHostedUrl('https://shop.example/media/a.mp4', origins)).toBe(true);
    expect(isSelfHostedUrl('https://www.youtube.com/embed/x', origins)).toBe(false);
    expect(isSelfHostedUrl('//cdn.example/a.mp4', origins)).toBe(false);
    expect(isSelfHostedUrl('/\\cdn.example/a.mp4', origins)).toBe(false);
    expect(isSelfHostedUrl('javascript:alert(1)', origins)).toBe(false);
    expect(isSelfHostedUrl('', origins)).toBe(false);
  });
});
