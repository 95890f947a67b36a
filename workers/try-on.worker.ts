import * as Comlink from 'comlink';
import { served } from './try-on-host';

export type { TestHooks, TryOnApi } from './try-on-host';

Comlink.expose(served());
