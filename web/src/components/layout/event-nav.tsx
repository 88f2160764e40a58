import { FORM_SLUGS, REGISTRATION_LIST_PAGES, type RegistrationKind } from '@evt/contracts/forms/kinds';
import { kindsOfFormCodes } from '@evt/contracts/registration-forms';
import type { EnrolmentMetrics } from '@evt/contracts/upstream-automation';
import { isFeatureOn, pageFeature } from '@evt/contracts/feature-access';
import type { EventFeature } from '@evt/contracts/features';
import type { Permission } from '@evt/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { MessageKey } from '../../lib/i18n/keys';
import { useLocalePath } from '../../lib/locale-path';
import { useEnrolmentMetrics } from '../../lib/queries/enrolment';
import { useEventForms } from '../../lib/queries/event-forms';
import { myPermissionsQuery } from '../../lib/queries/permissions';
import { REGISTRATION_LIST_PAGE_NAMES, type RegistrationListPage } from '../../lib/registration-list-pages';

type NavItem = {
  label: MessageKey;
  to: (eventId: number) => string;
  /** a number worth seeing beside the link, from the enrolment metrics the dashboard reads too */
  count?: (metrics: EnrolmentMetrics) => number;
  /** shown only to members who hold it in the event (the server refuses the page's calls either way) */
  permission?: Permission;
  /** the event feature the page belongs to (contracts `pageFeature`): left out while it is switched off */
  feature?: EventFeature;
  /**
   * a registration list's kinds: linked when the event has a form of one of them, or registrations on the
   * page (a form removed or never added leaves its registrations reachable)
   */
  kinds?: readonly RegistrationKind[];
};
type NavGroup = { id: string; label: MessageKey; items: readonly NavItem[] };

/** A list page's registrations: the metrics count by form slug, and several kinds may share one. */
const registrationsOf = (page: RegistrationListPage) => (metrics: EnrolmentMetrics) =>
  [...new Set(REGISTRATION_LIST_PAGES[page].map((kind) => FORM_SLUGS[kind]))].reduce(
    (sum, slug) => sum + (metrics.byRole[slug] ?? 0),
    0,
  );

/**
 * Every console page of one event that exists, grouped as an organiser works (spec section 2). A page
 * that needs a permission is linked only for those who hold it; the server decides anyway.
 */
const EVENT_NAV: readonly NavGroup[] = [
  {
    id: 'overview',
    label: 'console.eventNav.groups.overview',
    items: [
      { label: 'console.eventNav.dashboard', to: (id) => `/events/dashboard-${id}` },
      { label: 'console.eventNav.activities', to: (id) => `/activities-${id}` },
      { label: 'analytics.nav', to: (id) => `/analytics/reports-${id}` },
      { label: 'mailings.title', to: (id) => `/events/mailings-${id}`, permission: 'mailings:send' },
      {
        label: 'infoRequests.nav',
        to: (id) => `/events/requests-${id}`,
        permission: 'requests:manage',
        feature: pageFeature.requests,
      },
    ],
  },
  {
    id: 'registrations',
    label: 'console.eventNav.groups.registrations',
    items: REGISTRATION_LIST_PAGE_NAMES.map((page) => ({
      label: `registrationsAdmin.pages.${page}` as const,
      to: (id: number) => `/events/${page}-${id}`,
      count: registrationsOf(page),
      kinds: REGISTRATION_LIST_PAGES[page],
    })),
  },
  {
    id: 'b2b',
    label: 'b2b.programme.title',
    items: [{ label: 'b2b.programme.title', to: (id) => `/events/b2b-${id}`, permission: 'b2b:manage' }],
  },
  {
    id: 'settings',
    label: 'console.eventNav.groups.settings',
    items: [
      { label: 'console.eventNav.infos', to: (id) => `/events/infos-${id}` },
      { label: 'console.eventNav.forms', to: (id) => `/events/forms-${id}`, feature: pageFeature.forms },
      { label: 'console.eventNav.features', to: () => '/admin/features' },
      {
        label: 'rights.title',
        to: (id) => `/events/rights-${id}`,
        permission: 'rights:manage',
        feature: pageFeature.rights,
      },
      { label: 'rights.audit.title', to: (id) => `/events/audit-${id}`, permission: 'rights:manage' },
    ],
  },
  {
    id: 'team',
    label: 'console.eventNav.groups.team',
    items: [
      {
        label: 'console.eventNav.commissions',
        to: (id) => `/events/commission-${id}`,
        feature: pageFeature.commission,
      },
      {
        label: 'meetings.nav.google',
        to: (id) => `/events/meetings-${id}`,
        permission: 'meetings:manage',
      },
      {
        label: 'meetings.nav.zoom',
        to: (id) => `/events/meetings1-${id}`,
        permission: 'meetings:manage',
      },
    ],
  },
  {
    id: 'eventDay',
    label: 'badges.nav.group',
    items: [
      { label: 'planning.nav', to: (id) => `/events/planning-${id}` },
      {
        label: 'badges.nav.models',
        to: (id) => `/events/badges-${id}`,
        permission: 'badges:manage',
        feature: pageFeature.badges,
      },
      {
        label: 'badges.nav.testPdf',
        to: (id) => `/events/testpdf-${id}`,
        permission: 'badges:manage',
        feature: pageFeature.testpdf,
      },
      {
        label: 'badges.nav.generate',
        to: (id) => `/events/genbadge-${id}`,
        permission: 'badges:manage',
        feature: pageFeature.genbadge,
      },
      { label: 'leads.nav', to: (id) => `/events/leads-${id}`, permission: 'registrations:read' },
      { label: 'badges.nav.checkin', to: (id) => `/events/checkin-${id}`, permission: 'checkin:scan' },
    ],
  },
];

/**
 * The event's pages: a labelled landmark; the page shown is marked by NavLink's aria-current="page". On a
 * narrow screen its groups fold behind a disclosure button (the page's heading then opens the first
 * screen): closed by default, by Escape (focus back on the button) and by following a link.
 */
export function EventNav({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const groupsId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // a followed link (or the browser's back) shows its page, not the menu
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is what closes it
  useEffect(() => setOpen(false), [pathname]);
  const lp = useLocalePath();
  const metrics = useEnrolmentMetrics(eventId);
  const mine = useQuery(myPermissionsQuery(eventId));
  const forms = useEventForms(eventId);
  const formKinds = forms.data && kindsOfFormCodes(forms.data.map((form) => form.kind));
  // until both answers are in (or when one fails), every registration list stays linked
  const offered = (item: NavItem) =>
    item.kinds === undefined ||
    !formKinds ||
    !metrics.data ||
    item.kinds.some((kind) => formKinds.includes(kind)) ||
    (item.count?.(metrics.data) ?? 0) > 0;
  // while the permissions are read, a gated link keeps its row as a placeholder: the granted links then
  // take their reserved place and nothing below them moves (only a refused one gives its row back)
  // a switched-off feature's page is left out once the answer says so (features ride on it)
  const state = (item: NavItem): 'link' | 'reserved' | 'hidden' =>
    !offered(item)
      ? 'hidden'
      : item.feature !== undefined && mine.data && !isFeatureOn(mine.data.features, item.feature)
        ? 'hidden'
        : item.permission === undefined || mine.data?.permissions.includes(item.permission)
          ? 'link'
          : mine.isPending
            ? 'reserved'
            : 'hidden';
  return (
    <nav
      className="event-nav"
      aria-label={t('console.eventNav.label')}
      data-open={open}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="event-nav__toggle"
        aria-expanded={open}
        aria-controls={groupsId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{t('console.eventNav.toggle')}</span>
        <span className="event-nav__chevron" aria-hidden="true" />
      </button>
      <div className="event-nav__groups" id={groupsId}>
        {EVENT_NAV.map((group) => (
          <div key={group.id} className="event-nav__group">
            <p className="event-nav__heading" id={`event-nav-${group.id}`}>
              {t(group.label)}
            </p>
            <ul aria-labelledby={`event-nav-${group.id}`}>
              {group.items.map((item) => {
                const shown = state(item);
                if (shown === 'hidden') return null;
                if (shown === 'reserved')
                  return (
                    <li key={item.label} className="event-nav__placeholder" aria-hidden="true">
                      <span className="event-nav__link">{t(item.label)}</span>
                    </li>
                  );
                const count = item.count && metrics.data ? item.count(metrics.data) : undefined;
                return (
                  <li key={item.label}>
                    <NavLink to={lp(item.to(eventId))} className="event-nav__link" end>
                      <span>{t(item.label)}</span>
                      {count === undefined ? null : (
                        <>
                          {' '}
                          <span className="event-nav__count" aria-hidden="true">
                            {count}
                          </span>
                          <span className="sr-only">{t('console.eventNav.count', { count })}</span>
                        </>
                      )}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
