import { useQuery } from '@tanstack/react-query';
import { accountsApi } from '../api';

/** The school's name, banner and switches (/SchoolApi/getConfig), cached for the visit. */
export function useSchoolConfig() {
  return useQuery({ queryKey: ['schoolConfig'], queryFn: accountsApi.getConfig, staleTime: 5 * 60 * 1000, retry: 1 });
}
