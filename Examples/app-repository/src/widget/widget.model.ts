// The widget blob (revision 1 of the contract, CONTRACT.md §7): what the example app writes for
// its home-screen widgets. Types only.
export interface WidgetTask {
  id: string;
  title: string;
  isDone: boolean;
  /** Left out (never null) for a task without a project. */
  projectId?: string;
}

export interface WidgetData {
  v: 1;
  dayStr: string;
  validUntil: number;
  tasks: WidgetTask[];
  projectColors: { [projectId: string]: string };
}
