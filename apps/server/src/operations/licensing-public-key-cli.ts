// `npm run licensing:public-key`: see docs/licensing.md "The public key".
import { runCli, storeLocation } from './cli';
import { describePublicKey, licensingPublicKey } from './licensing-public-key';

runCli('Printing the licensing public key', async () => describePublicKey(await licensingPublicKey(storeLocation().dataDir)));
