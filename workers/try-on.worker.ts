import * as Comlink from 'comlink';
import { served } from './try-on-api';

export type { TestHooks, TryOnApi } from './try-on-api';

Comlink.expose(served());
