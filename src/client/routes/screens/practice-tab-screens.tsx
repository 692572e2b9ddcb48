// The tabs of a method's detail after its overview (content, context, actions, rating). Their own
// chunk (Entscheidung CLI-22): the content tab renders Markdown (react-markdown, ~32 KB
// gzipped), which the method list and the overview, the screens a phone opens first, never show.
import {
  ActionsTab,
  ContentTab,
  ContextTab,
  RatingTab,
} from '../../features/practices/components/practice-tabs.tsx';
import { WithPractice } from './with-practice.tsx';

export const PracticeContentScreen = () => (
  <WithPractice>{(practice) => <ContentTab practice={practice} />}</WithPractice>
);
export const PracticeContextScreen = () => (
  <WithPractice>{(practice) => <ContextTab practice={practice} />}</WithPractice>
);
export const PracticeActionsScreen = () => (
  <WithPractice>{(practice) => <ActionsTab practice={practice} />}</WithPractice>
);
export const PracticeRatingScreen = () => (
  <WithPractice>{(practice) => <RatingTab practice={practice} />}</WithPractice>
);
