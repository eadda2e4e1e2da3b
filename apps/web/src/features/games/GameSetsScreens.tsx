import { GameSetsScreen } from './GameSetsScreen';

/** One screen per game type (docs/screens.md), each a route of its own. */
export function GridScreen() {
  return <GameSetsScreen type={1} />;
}
export function QuizScreen() {
  return <GameSetsScreen type={2} />;
}
export function LettersScreen() {
  return <GameSetsScreen type={3} />;
}
export function MatchingScreen() {
  return <GameSetsScreen type={4} />;
}
