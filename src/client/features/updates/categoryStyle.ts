import { IconBolt, IconBug, IconShieldLock, IconSparkles } from '@tabler/icons-react';
import type { UpdateCategory } from './updatesData';

/** Icon, colour and label of each update category. */
export const CATEGORY_STYLE: Record<UpdateCategory, { label: string; color: string; icon: typeof IconBolt }> = {
  feature: { label: 'Feature', color: 'teal', icon: IconSparkles },
  improvement: { label: 'Improvement', color: 'blue', icon: IconBolt },
  fix: { label: 'Fix', color: 'orange', icon: IconBug },
  security: { label: 'Security', color: 'red', icon: IconShieldLock },
};
