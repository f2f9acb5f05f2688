export const TEST_REDIS_URL: string;
export function redisAnswers(url: string): Promise<boolean>;
