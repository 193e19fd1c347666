import { queryOf, type RestRoute } from './shim';

/** Issue 30 §4: the user's calendar of earnings and dividend dates, onto its procedure. */
export const calendarRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/calendar',
    call: (caller, req) => caller.calendar.events({ from: queryOf(req).from, to: queryOf(req).to }),
  },
];
