import { ContentPage } from '../components/content-page';

export function Component() {
  return (
    <ContentPage
      name="terms"
      sections={['service', 'accounts', 'organisers', 'visitors', 'availability', 'liability', 'changes']}
    />
  );
}
