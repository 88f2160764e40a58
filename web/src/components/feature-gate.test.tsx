import { EVENT_FEATURES, type EventFeature } from '@evt/contracts/features';
import { PERMISSIONS } from '@evt/contracts/permissions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { metrics, sessionOnEvent } from '../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../test/render-app';

/** The event 3 with `off` switched off, for a member holding `permissions`. */
function api(off: EventFeature, permissions: readonly string[] = PERMISSIONS) {
  return mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': metrics({ participant: 5 }),
    'GET /api/automation/eventForms': json(200, { data: [] }),
    'GET /api/events/3/permissions': json(200, {
      eventId: 3,
      organizationId: 1,
      memberType: 'owner',
      permissions,
      features: { [off]: false },
    }),
  });
}

const nav = () => screen.findByRole('navigation', { name: en.console.eventNav.label });
const offTitle = (feature: EventFeature) =>
  en.console.features.offTitle.replace('{{feature}}', en.console.features.names[feature]);

/** Each feature: a page of it, and the menu entry that leads there. */
const PAGES: [EventFeature, string, string][] = [
  ['commission', '/en/events/commission-3', en.console.eventNav.commissions],
  ['formModel', '/en/events/forms-3', en.console.eventNav.forms],
  ['badgeModel', '/en/events/badges-3', en.badges.nav.models],
  ['informationRequests', '/en/events/requests-3', en.infoRequests.nav],
  ['authorisations', '/en/events/rights-3', en.rights.title],
];

describe('a switched-off event feature in the console', () => {
  it.each(PAGES)(
    '%s: its page says so, links the switch, and its menu entry is gone',
    async (feature, path, link) => {
      api(feature);
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: offTitle(feature) })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: en.console.features.offLink })).toHaveAttribute(
        'href',
        '/en/admin/features',
      );
      expect(within(await nav()).queryByRole('link', { name: link })).toBeNull();
      // the other features keep their entries
      expect(within(await nav()).getByRole('link', { name: en.planning.nav })).toBeInTheDocument();
    },
  );

  it('badgeSending: the generation page stays, its sending panel says the feature is off', async () => {
    api('badgeSending');
    renderApp('/en/events/genbadge-3');
    expect(
      await screen.findByRole('heading', { level: 2, name: offTitle('badgeSending') }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: en.badgeSending.title })).toBeNull();
    expect(within(await nav()).getByRole('link', { name: en.badges.nav.generate })).toBeInTheDocument();
  });

  it('tells a member who may not change the settings whom to ask instead of linking the switch', async () => {
    api(
      'commission',
      PERMISSIONS.filter((p) => p !== 'event:settings'),
    );
    renderApp('/en/events/commission-3');
    expect(await screen.findByText(en.console.features.offAskOwner)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en.console.features.offLink })).toBeNull();
  });

  it('every feature has a help text that is its own', () => {
    const help = EVENT_FEATURES.map((f) => en.console.features.help[f]);
    expect(new Set(help).size).toBe(EVENT_FEATURES.length);
    expect(en.console.features.help.informationRequests).toMatch(/registrant/);
  });
});
