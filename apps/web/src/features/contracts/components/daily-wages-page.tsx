import type { CentrePageProps } from '@/config/centres';
import { ContractPage } from './contract-page';

/** agentDailyWages2 (flag salary): daily wages and real-time salary (every 5 minutes), two tabs. */
export default function DailyWagesPage({ labelKey }: CentrePageProps) {
  return <ContractPage labelKey={labelKey} kinds={['daily', 'realtime']} />;
}
