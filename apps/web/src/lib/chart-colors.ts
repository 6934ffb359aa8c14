/**
 * Chart series colours: the design tokens of styles/tokens.css, as CSS variables, so a chart
 * follows the light and dark themes without redrawing (SVG fills and strokes accept `var()`).
 */
export const CHART_COLORS = [
  "var(--color-chart-1)",
  "var(--color-chart-2)",
  "var(--color-chart-3)",
  "var(--color-chart-4)",
  "var(--color-chart-5)",
  "var(--color-chart-6)",
] as const;

/** The nth series colour, wrapping round after six. */
export const chartColor = (index: number): string => CHART_COLORS[index % CHART_COLORS.length]!;
