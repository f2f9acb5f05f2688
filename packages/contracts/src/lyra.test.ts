import { describe, expect, it } from 'vitest';
import { lyraChatRequestSchema, lyraQueryRequestSchema } from './lyra';

describe('Lyra requests', () => {
  it('says what is wrong; the server puts the field’s name before it', () => {
    expect(lyraQueryRequestSchema.safeParse({ query: '   ' }).error?.issues[0]?.message).toBe('must not be empty');
    expect(lyraQueryRequestSchema.safeParse({ query: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('at most 2000 characters');
    expect(lyraQueryRequestSchema.safeParse({ query: 42 }).error?.issues[0]?.message).toBe('must be a string');
    expect(lyraQueryRequestSchema.safeParse({ query: 'hi', influencer: 'Not Valid' }).success).toBe(false);
    expect(lyraQueryRequestSchema.parse({ query: '  licence on how many computers? ' }).query).toBe('licence on how many computers?');
  });

  it('a chat ends with the shopper’s message', () => {
    expect(lyraChatRequestSchema.safeParse({ messages: [{ role: 'user', content: 'hello' }] }).success).toBe(true);
    expect(
      lyraChatRequestSchema.safeParse({
        messages: [
          { role: 'user', content: 'hello' },
          { role: 'assistant', content: 'hi' },
        ],
      }).error?.issues[0]?.message,
    ).toBe('the last message must be the shopper’s');
    expect(lyraChatRequestSchema.safeParse({ messages: [] }).error?.issues[0]?.message).toBe('at least one message');
  });
});
