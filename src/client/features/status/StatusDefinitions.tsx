import { Paper, SimpleGrid, Title } from '@mantine/core';
import { STATUS_DEFINITIONS } from '../../../shared/status/rules';
import classes from './status.module.css';

/** What online, limited, offline and no data mean, each with the colour it has on the bars. */
export function StatusDefinitions() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="definitions-title">
      <Title order={2} fz="lg" id="definitions-title" mb="sm">
        What the statuses mean
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        {STATUS_DEFINITIONS.map(({ status, label, meaning }) => (
          <div key={status} className={classes.definition}>
            <dt>
              <span className={classes.swatch} data-status={status} aria-hidden="true" />
              {label}
            </dt>
            <dd className={classes.muted}>{meaning}</dd>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
