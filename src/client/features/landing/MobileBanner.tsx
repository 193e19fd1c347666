import { Alert, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDeviceMobile } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import classes from './MobileBanner.module.css';

// Only opened on demand: the dialog machinery stays out of the landing page's first download.
const MobileSupportDialog = lazy(() =>
  import('./MobileSupportDialog').then((m) => ({ default: m.MobileSupportDialog })),
);

/** The yellow 'experimental on mobile' banner, shown on small screens until dismissed once (see LazyMobileBanner). */
export function MobileBanner() {
  const [dismissed, setDismissed] = useState(() => readStored(STORAGE_KEYS.mobileWarningSeen) === 'true');
  const [learnMoreOpened, learnMore] = useDisclosure(false);

  function dismiss() {
    writeStored(STORAGE_KEYS.mobileWarningSeen, 'true');
    setDismissed(true);
    learnMore.close();
  }

  if (dismissed) return null;
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
        classNames={{ closeButton: classes.closeButton }}
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
      {learnMoreOpened && (
        <Suspense fallback={null}>
          <MobileSupportDialog onClose={learnMore.close} />
        </Suspense>
      )}
    </>
  );
}
