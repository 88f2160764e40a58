import { ContentPage } from '../components/content-page';

export function Component() {
  return (
    <ContentPage
      name="privacy"
      sections={['controller', 'data', 'cookies', 'noTracking', 'retention', 'security', 'rights']}
    />
  );
}
