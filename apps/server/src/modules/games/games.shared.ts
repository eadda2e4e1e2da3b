/** What other modules use of the games: the player's address and the lists with their links. */
export { playerBase, toGameSets, toSets } from './games.queries.js';
