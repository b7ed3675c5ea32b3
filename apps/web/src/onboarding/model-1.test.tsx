import { replayShard } from './test/modelReplay.tsx';

replayShard(0, 2);
