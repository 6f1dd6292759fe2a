export { formatScalar } from "./model/format-scalar.js";
export type {
  ChartSeries,
  ChartType,
  Degradation,
  Report,
  ReportChart,
  ReportMeta,
  ReportMetric,
  ReportSection,
  ReportTable,
  Scalar,
} from "./model/report.js";
