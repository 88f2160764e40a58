import type { ReactNode } from 'react';
import { useEvent } from '../../../lib/queries/event';
import { Dashboard } from '../components/dashboard';
import { DashboardPanels } from '../components/dashboard-panels';

/** The skeleton's dashboard with the console's panels (metrics, documents, logo) below it, then `children` (panels the route table adds). */
export default function EventDashboard({ eventId, children }: { eventId: number; children?: ReactNode }) {
  const event = useEvent(eventId);
  return (
    <Dashboard
      eventId={eventId}
      extra={
        event.data ? (
          <>
            <DashboardPanels eventId={eventId} logo={event.data.logo} />
            {children}
          </>
        ) : null
      }
    />
  );
}
