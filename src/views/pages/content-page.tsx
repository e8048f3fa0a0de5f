import { useLoaderData } from 'react-router';
import type { ContentPage as ContentPageData } from '@/domain/content';
import { PageHtml } from '@/views/ui/page-html';

export function ContentPage() {
  const page = useLoaderData() as ContentPageData;
  return (
    <article className="page page--content">
      <h1>{page.title}</h1>
      <PageHtml html={page.body} className="prose" />
    </article>
  );
}
