import { replayShard } from './test/modelReplay.tsx';

replayShard(1, 2);
