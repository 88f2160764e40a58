import { apiRoutes } from '@evt/contracts/routes';
import type { ReactNode } from 'react';
import '../registration-list.css';
import {
  REGISTRATION_LIST_PAGES,
  REGISTRATION_STATUSES,
  type RegistrationKind,
} from '@evt/contracts/forms/kinds';
import { REGISTRATION_SORTS, type RegistrationRow } from '@evt/contracts/registrations';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessageKey } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSearchParamsUpdate } from '../../../lib/search-params';
import { useDateFormatter } from '../../../lib/format';
import { useEvent } from '../../../lib/queries/event';
import { myPermissionsQuery, useActionAccess } from '../../../lib/queries/permissions';
import { MaybeMasked } from '../../../components/maybe-masked';
import { registrationListQuery } from '../api/registrations';
import { RegistrationDetails } from '../components/registration-details';
import { ExportActions } from '../components/export-actions';
import { RecentExports } from '../components/recent-exports';
import type { RegistrationListPage } from '../../../lib/registration-list-pages';
import { nameKey } from '../../../lib/i18n/keys';
import { KINDS_ASKING_TELEGRAM, telegramPreferenceOf } from '../lib/telegram';
import { columnText, PAGE_COLUMNS, questionColumns, questionText } from '../lib/list-columns';
import { textIn } from '@evt/contracts/forms/define';
import { useEventForms } from '../../../lib/queries/event-forms';
import { toLocale } from '../../../lib/i18n/i18n';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { statusText } from '../lib/status-text';

const PAGE_SIZE = 20;
type Sort = (typeof REGISTRATION_SORTS)[number];
const SORTABLE = ['lastName', 'email', 'status', 'createdAt'] as const;

/**
 * `/events/{participants|exposants|...}-{eventId}`: who registered with this role. Search, filters, sort
 * and paging are the server's (the URL keeps them); the exports hold every row matching the filters.
 */
export function RegistrationList({
  page,
  eventId,
  detailsExtra,
  eventKinds,
}: {
  page: RegistrationListPage;
  eventId: number;
  /** the kinds of the forms the event has (app/ reads them): filters offer no other (all while loading) */
  eventKinds?: readonly string[];
  /** what other features show beside a registration's detail (app/ composes it: the requests) */
  detailsExtra?: (registrationId: number) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const event = useEvent(eventId);
  const eventForms = useEventForms(eventId);
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const [params, updateParams] = useSearchParamsUpdate();
  const listKinds: readonly string[] = REGISTRATION_LIST_PAGES[page];
  const held = listKinds.filter((k) => !eventKinds || eventKinds.includes(k));
  // a page whose forms the event does not have still lists what was registered under them
  const pageKinds = held.length ? held : listKinds;
  const kind = pageKinds.includes(params.get('kind') ?? '') ? (params.get('kind') as string) : '';
  const status = (REGISTRATION_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as (typeof REGISTRATION_STATUSES)[number])
    : undefined;
  // the server sorts only by what the caller reads: no e-mail sort without the contact data
  const seesContacts =
    useQuery(myPermissionsQuery(eventId)).data?.permissions.includes('registrations:contacts') ?? false;
  const sortable = (value: string) =>
    (REGISTRATION_SORTS as readonly string[]).includes(value) && (seesContacts || !value.endsWith('email'));
  const sort = (sortable(params.get('sort') ?? '') ? params.get('sort') : '-createdAt') as Sort;
  const q = params.get('q') ?? '';
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const [openId, setOpenId] = useState<number | null>(null);
  const ids = useId();
  const filters = { kind: kind || pageKinds.join(','), ...(status ? { status } : {}), q, sort };
  // next and previous go by the rows' cursor (the server finds the page through its index, the last as
  // fast as the first); a page opened by its number alone (a bookmark) is found by its number
  const after = params.get('after') ?? undefined;
  const before = after ? undefined : (params.get('before') ?? undefined);
  const list = useQuery(
    registrationListQuery(eventId, {
      ...filters,
      page: pageNumber,
      limit: PAGE_SIZE,
      ...(after ? { after } : {}),
      ...(before ? { before } : {}),
    }),
  );
  const canExport = useActionAccess(eventId, apiRoutes.registrationExports.start).allowed;
  const title = t(`registrationsAdmin.pages.${page}`);
  useDocumentTitle(title);

  const update = (changes: Record<string, string>) =>
    updateParams((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      // a cursor belongs to the page it was given for: any other change starts from a page number
      for (const cursor of ['after', 'before']) if (!(cursor in changes)) next.delete(cursor);
    });

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const erased = list.data?.erased ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const fileName = `${page}-${eventId}`;
  // what a page shows of its own (a B2B company's name and profile)
  const extra = PAGE_COLUMNS[page];
  // the Telegram preference, on the pages of the forms that ask for it
  // the organiser's choice and yes/no questions of the forms shown
  const questions = questionColumns(eventForms.data ?? [], (kind ? [kind] : pageKinds) as RegistrationKind[]);
  const telegramColumn = pageKinds.some((k) => KINDS_ASKING_TELEGRAM.includes(k as RegistrationKind));
  const telegramCell = (row: RegistrationRow) => {
    const asked = telegramPreferenceOf(row);
    if (asked === null)
      return (
        <>
          <span aria-hidden="true">{t('registrationsAdmin.telegram.notAsked')}</span>
          <span className="sr-only">{t('registrationsAdmin.telegram.notAskedLabel')}</span>
        </>
      );
    return asked ? t('registrationsAdmin.telegram.yes') : t('registrationsAdmin.telegram.no');
  };

  const sortButton = (field: (typeof SORTABLE)[number], header?: 'representative') => {
    const active = sort === field || sort === `-${field}`;
    const descending = sort === `-${field}`;
    const next = (active && !descending ? `-${field}` : field) as Sort;
    return (
      <th scope="col" aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="table__sort" onClick={() => update({ sort: next })}>
          {t(`registrationsAdmin.columns.${header ?? field}`)}
          <span aria-hidden="true">{active ? (descending ? ' ▼' : ' ▲') : ''}</span>
        </button>
      </th>
    );
  };

  function onSearch(e: FormEvent) {
    e.preventDefault();
    update({ q: search.trim() });
  }

  return (
    <EventLayout event={event.data}>
      <h1 className="page-title">{title}</h1>
      <form className="toolbar" aria-label={t('registrationsAdmin.search')} onSubmit={onSearch}>
        <div className="toolbar__field">
          <label htmlFor={`${ids}-q`}>{t('registrationsAdmin.search')}</label>
          <input
            id={`${ids}-q`}
            className="input"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="toolbar__field">
          <label htmlFor={`${ids}-status`}>{t('registrationsAdmin.columns.status')}</label>
          <select
            id={`${ids}-status`}
            className="input select"
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value })}
          >
            <option value="">{t('registrationsAdmin.all')}</option>
            {REGISTRATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`enums.registrationStatuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {pageKinds.length > 1 ? (
          <div className="toolbar__field">
            <label htmlFor={`${ids}-kind`}>{t('registrationsAdmin.columns.kind')}</label>
            <select
              id={`${ids}-kind`}
              className="input select"
              value={kind}
              onChange={(e) => update({ kind: e.target.value })}
            >
              <option value="">{t('registrationsAdmin.all')}</option>
              {pageKinds.map((k) => (
                <option key={k} value={k}>
                  {t(nameKey.formTitle(k))}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <Button type="submit" variant="secondary">
          {t('registrationsAdmin.searchAction')}
        </Button>
        {canExport ? (
          <ExportActions
            eventId={eventId}
            kinds={(kind ? [kind] : pageKinds) as RegistrationKind[]}
            filters={filters}
            fileName={fileName}
            disabled={total === 0}
          />
        ) : null}
      </form>
      {canExport ? <RecentExports eventId={eventId} /> : null}
      {list.isError ? <Alert tone="error">{t(errorMessageKey(list.error))}</Alert> : null}
      <p className="table__summary" aria-live="polite">
        {t('registrationsAdmin.total', { count: total })}
      </p>
      {erased > 0 ? (
        <p className="table__note">{t('registrationsAdmin.erasedLeftOut', { count: erased })}</p>
      ) : null}
      <ScrollTable caption={title} captionHidden className="table table--sticky-first">
        <thead>
          <tr>
            {extra?.before.map((column) => (
              <th key={column.field} scope="col">
                {t(nameKey.fieldLabel(column.field))}
              </th>
            ))}
            {sortButton('lastName', extra?.person)}
            {extra ? null : <th scope="col">{t('registrationsAdmin.columns.firstNames')}</th>}
            {seesContacts ? (
              sortButton('email')
            ) : (
              <th scope="col">{t('registrationsAdmin.columns.email')}</th>
            )}
            <th scope="col">{t('registrationsAdmin.columns.kind')}</th>
            {sortButton('status')}
            {sortButton('createdAt')}
            {telegramColumn ? <th scope="col">{t('registrationsAdmin.columns.telegram')}</th> : null}
            {questions.map((question) => (
              <th key={question.id} scope="col">
                {textIn(question.label, locale)}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">{t('registrationsAdmin.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row: RegistrationRow) => (
            <tr key={row.id}>
              {extra?.before.map((column) => (
                <td key={column.field}>{columnText(column, row, t)}</td>
              ))}
              <td>{row.lastName}</td>
              {extra ? null : <td>{row.firstNames}</td>}
              <td>
                <MaybeMasked value={row.email} />
              </td>
              <td>{t(`forms.kinds.${row.kind}.title`)}</td>
              <td>{statusText(row, t, locale)}</td>
              <td>{formatDate(row.createdAt)}</td>
              {telegramColumn ? <td>{telegramCell(row)}</td> : null}
              {questions.map((question) => (
                <td key={question.id}>{questionText(question, row, t, locale)}</td>
              ))}
              <td>
                <Button size="sm" variant="secondary" onClick={() => setOpenId(row.id)}>
                  {t('registrationsAdmin.open')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {!list.isPending && rows.length === 0 ? <p>{t('registrationsAdmin.empty')}</p> : null}
      <nav className="pagination" aria-label={t('registrationsAdmin.pagination')}>
        <Button
          size="sm"
          variant="secondary"
          disabled={pageNumber <= 1}
          onClick={() =>
            update({
              page: String(pageNumber - 1),
              ...(list.data?.prevCursor && pageNumber > 2 ? { before: list.data.prevCursor } : {}),
            })
          }
        >
          {t('registrationsAdmin.previous')}
        </Button>
        <span>{t('registrationsAdmin.pageOf', { page: pageNumber, pages })}</span>
        <Button
          size="sm"
          variant="secondary"
          disabled={pageNumber >= pages}
          onClick={() =>
            update({
              page: String(pageNumber + 1),
              ...(list.data?.nextCursor ? { after: list.data.nextCursor } : {}),
            })
          }
        >
          {t('registrationsAdmin.next')}
        </Button>
      </nav>
      {openId !== null ? (
        <RegistrationDetails
          eventId={eventId}
          registrationId={openId}
          onClose={() => setOpenId(null)}
          onOpen={setOpenId}
          extra={detailsExtra?.(openId)}
        />
      ) : null}
    </EventLayout>
  );
}
