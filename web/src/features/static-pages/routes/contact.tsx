import { ContentPage } from '../components/content-page';

export function Component() {
  return <ContentPage name="contact" sections={['support', 'organisers', 'privacy', 'response']} />;
}
