import { data } from 'react-router';
import { NotFoundContent } from '#app/features/layout/not-found-content.tsx';
import type { Route } from './+types/$';

export function loader({ url, context }: Route.LoaderArgs) {
  const path = url.pathname;
  context.log.warn({ path }, 'page not found');
  return data({ path }, { status: 404 });
}

export function meta() {
  return [{ title: 'Page not found | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
