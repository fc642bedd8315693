import type { CentrePageProps } from '@/config/centres';
import { ContractPage } from './contract-page';

/** agentHourSalary (flag hourSalary): hourly salary contracts and their settlements. */
export default function HourSalaryPage({ labelKey }: CentrePageProps) {
  return <ContractPage labelKey={labelKey} kinds={['hourly']} />;
}
