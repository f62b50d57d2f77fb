import type { ReactNode } from 'react';
import type { Column } from './paged-table';

/** The row field each article column shows as it is, by column id. */
const ARTICLE_FIELDS = {
  gtin: 'gtin',
  description: 'description',
  section: 'section',
  clothType: 'cloth_type',
  model: 'model',
  colour: 'colour',
  season: 'season',
} as const;

type ArticleColumnId = keyof typeof ARTICLE_FIELDS;

/** A row that has some of an article's fields (order and return lines, stock rows). */
type ArticleRow = Partial<Record<(typeof ARTICLE_FIELDS)[ArticleColumnId], ReactNode>>;

/** The article columns a row of type T can fill: those whose field it has. */
type ArticleColumnOf<T> = {
  [K in ArticleColumnId]: (typeof ARTICLE_FIELDS)[K] extends keyof T ? K : never;
}[ArticleColumnId];

/**
 * Text columns of an article's fields (GTIN, description, section, cloth type, model, colour, season), in the order
 * of `ids`, each headed `header(id)`; the GTIN is the title of a phone's card.
 *
 * ```tsx
 * ...articleColumns<ReturnLine>(['gtin', 'description', 'model'], (id) => t(`lines.${id}`))
 * ```
 */
export const articleColumns = <T extends ArticleRow>(
  ids: readonly ArticleColumnOf<T>[],
  header: (id: ArticleColumnOf<T>) => ReactNode,
): Column<T>[] =>
  ids.map((id) => ({
    id,
    header: header(id),
    cell: (row) => row[ARTICLE_FIELDS[id]],
    ...(id === 'gtin' ? { mobile: 'title' as const } : {}),
  }));
