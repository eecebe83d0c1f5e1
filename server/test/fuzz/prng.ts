export { Rng as Prng } from '../../src/seed/random.js';
