import { useEvent } from '../../../lib/queries/event';
import { Dashboard } from '../components/dashboard';
import { DashboardPanels } from '../components/dashboard-panels';

/** The skeleton's dashboard with the console's panels (metrics, documents, logo) below it. */
export default function EventDashboard({ eventId }: { eventId: number }) {
  const event = useEvent(eventId);
  return (
    <Dashboard
      eventId={eventId}
      extra={event.data ? <DashboardPanels eventId={eventId} logo={event.data.logo} /> : null}
    />
  );
}
