import { useDocumentTitle } from '@mantine/hooks';

const PRODUCT = 'Casebook';

/** The browser tab's title for a page: "Agents · Casebook"; the product alone without one. */
export function pageTitle(title: string | null | undefined): string {
  const cleaned = (title ?? '').trim();
  return cleaned ? `${cleaned} · ${PRODUCT}` : PRODUCT;
}

/** Names the browser tab after the page shown. */
export function usePageTitle(title: string | null | undefined): void {
  useDocumentTitle(pageTitle(title));
}

/** For a page whose heading is not a PageHeader: names the tab, renders nothing. */
export function PageTitle({ title }: { title: string | null | undefined }): null {
  usePageTitle(title);
  return null;
}
