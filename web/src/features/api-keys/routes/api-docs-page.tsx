import type { OpenApiDocument } from '@evt/contracts/api-keys';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryResult } from '../../../components/ui/query-result';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { API_PREFIX } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { openApiQuery } from '../api/api-keys';
import { SCOPE_TEXT } from '../components/scope-text';

type Operation = OpenApiDocument['paths'][string][string];
interface Row {
  method: string;
  path: string;
  operation: Operation;
}

/** The document's operations grouped by their tag (the route table's domain), in the document's order. */
function byDomain(document: OpenApiDocument): [string, Row[]][] {
  const groups = new Map<string, Row[]>();
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? '';
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  return [...groups];
}

/** `/organizations/api`: the published API, readable: each domain's routes, method, path, scope, parameters. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('apiKeys.docs.title'));
  const query = useQuery(openApiQuery());
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('apiKeys.docs.title')}</h1>
      </div>
      <p>{t('apiKeys.docs.intro')}</p>
      <p>
        <a href={`${API_PREFIX}/openapi.json`}>{t('apiKeys.docs.json')}</a>
      </p>
      <QueryResult query={query}>
        {(document) => (
          <>
            {byDomain(document).map(([domain, rows]) => (
              <section key={domain} className="card" aria-labelledby={`api-${domain}`}>
                <h2 id={`api-${domain}`}>
                  <code>{domain}</code>
                </h2>
                <ScrollTable caption={domain} captionHidden>
                  <thead>
                    <tr>
                      <th scope="col">{t('apiKeys.docs.method')}</th>
                      <th scope="col">{t('apiKeys.docs.path')}</th>
                      <th scope="col">{t('apiKeys.docs.scope')}</th>
                      <th scope="col">{t('apiKeys.docs.params')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={`${row.method} ${row.path}`}>
                        <td>
                          <code>{row.method}</code>
                        </td>
                        <th scope="row">
                          <code>{row.path}</code>
                        </th>
                        <td>{t(SCOPE_TEXT[row.operation['x-required-scope']])}</td>
                        <td>
                          {row.operation.parameters
                            .map((p) => `${p.name}${p.required ? '' : '?'}`)
                            .join(', ')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </ScrollTable>
              </section>
            ))}
          </>
        )}
      </QueryResult>
    </div>
  );
}
