// The sets of methods (compilations.list, compilations.show). Apart from the method screens
// (Entscheidung CLI-22): a set's descriptions render Markdown (~32 KB gzipped), which the
// method list and a method's overview never show.
import { getRouteApi } from '@tanstack/react-router';
import { CompilationPage } from '../../features/practices/components/compilation-pages.tsx';

export { CompilationsListPage as CompilationsListScreen } from '../../features/practices/components/compilation-pages.tsx';

const compilationRoute = getRouteApi('/app/podcast-required/compilations/$id');

/** compilations.show. */
export function CompilationScreen() {
  const id = Number(compilationRoute.useParams().id);
  return <CompilationPage key={id} id={id} />;
}
