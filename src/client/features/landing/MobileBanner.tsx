import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

/** SPEC section 9: the mobile layout applies under 768 px. */
const MOBILE_QUERY = '(max-width: 767px)';

/** The yellow 'experimental on mobile' banner, shown on small screens until dismissed once. */
export function MobileBanner() {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [dismissed, setDismissed] = useState(() => readStored(STORAGE_KEYS.mobileWarningSeen) === 'true');
  const [learnMoreOpened, learnMore] = useDisclosure(false);

  function dismiss() {
    writeStored(STORAGE_KEYS.mobileWarningSeen, 'true');
    setDismissed(true);
    learnMore.close();
  }

  if (!isMobile || dismissed) return null;
  return (
    <>
      <Alert
        color="yellow"
        variant="filled"
        radius={0}
        icon={<IconDeviceMobile size={20} />}
        title="Mobile is in the works - experimental"
        withCloseButton
        closeButtonLabel="Close mobile notice"
        onClose={dismiss}
        data-testid="mobile-banner"
      >
        <Text size="sm">Some features may not work perfectly on mobile devices.</Text>
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="white" color="dark" onClick={learnMore.open}>
            Learn More
          </Button>
          <Button size="xs" variant="outline" color="dark" onClick={dismiss}>
            Continue Anyway
          </Button>
        </Group>
      </Alert>
      <Modal opened={learnMoreOpened} onClose={learnMore.close} title="Mobile support" centered>
        <Text size="sm">
          For the best experience, we recommend using a desktop browser. Mobile optimization is in development, and
          charts, drawing tools and some dialogs may not work perfectly on small screens yet.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={learnMore.close}>OK</Button>
        </Group>
      </Modal>
    </>
  );
}
