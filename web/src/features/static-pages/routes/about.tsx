import { ContentPage } from '../components/content-page';

export function Component() {
  return <ContentPage name="about" sections={['mission', 'organisers', 'visitors', 'languages']} />;
}
