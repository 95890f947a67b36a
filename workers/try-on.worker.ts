import * as Comlink from 'comlink';
import { api } from './try-on-api';

export type { TryOnApi } from './try-on-api';

Comlink.expose(api);
