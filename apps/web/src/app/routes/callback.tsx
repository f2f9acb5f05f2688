import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';

// The sign-in issue processes the identity provider's answer here.
export function Component() {
  return (
    <Container className="py-16 text-center">
      <title>Signing in</title>
      <h1 className="text-3xl font-bold">Signing in</h1>
      <p className="mt-6 text-secondary">There is no sign-in in progress. Start again from the Login button.</p>
      <ButtonLink to="/" className="mt-8">
        Back to the home page
      </ButtonLink>
    </Container>
  );
}
