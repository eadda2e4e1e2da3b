import { CardsScreen } from './CardsScreen';

/** One screen per game type (docs/screens.md), each a route of its own. */
export function GridCardsScreen() {
  return <CardsScreen type={1} />;
}
export function QuizCardsScreen() {
  return <CardsScreen type={2} />;
}
export function LetterCardsScreen() {
  return <CardsScreen type={3} />;
}
export function MatchExamplesScreen() {
  return <CardsScreen type={4} />;
}
