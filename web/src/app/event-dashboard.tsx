import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@evt/contracts/routes';
import { DashboardPanels } from '../features/events/components/dashboard-panels';
import { Dashboard } from '../features/events/components/dashboard';
import { apiRequest } from '../lib/api-client';

/** The skeleton's dashboard with the console's panels (metrics, documents, logo) below it. */
export default function EventDashboard({ eventId }: { eventId: number }) {
  const event = useQuery({
    queryKey: ['events', 'detail', eventId],
    queryFn: ({ signal }) => apiRequest(apiRoutes.events.get, { params: { id: eventId }, signal }),
  });
  return (
    <Dashboard
      eventId={eventId}
      extra={event.data ? <DashboardPanels eventId={eventId} logo={event.data.logo} /> : null}
    />
  );
}
