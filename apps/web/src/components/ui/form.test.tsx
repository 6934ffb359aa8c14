import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Field, Form, FormError, useFormField, useZodForm, type FormCheck } from "./form";
import { Input } from "./input";

afterEach(cleanup);

const body = z.object({
  name: z.string().trim().min(1, "Name is required"),
  count: z.number().int().min(0, "Cannot be negative").max(10, "Maximum 10 eggs per day"),
});
type Body = z.output<typeof body>;
type Values = { name: string; count: string };

function Harness({
  onSubmit,
  check,
  failWith,
}: {
  onSubmit: (body: Body, values: Values) => void;
  check?: FormCheck<Values, Body>;
  failWith?: string;
}) {
  const form = useZodForm({
    schema: body,
    defaultValues: { name: "", count: "0" },
    toBody: (v: Values) => ({ ...v, count: Number(v.count) }),
    check,
  });
  return (
    <Form
      form={form}
      aria-label="Test form"
      onSubmit={(b, v) => {
        if (failWith) form.setError("root", { message: failWith });
        else onSubmit(b, v);
      }}
    >
      <Field name="name" id="t-name" label="Name">
        {(props) => <Input {...props} />}
      </Field>
      <Field name="count" label="Count">
        {(props) => <Input type="number" {...props} />}
      </Field>
      <FormError />
      <button type="submit">Save</button>
    </Form>
  );
}

const save = () => userEvent.click(screen.getByRole("button", { name: "Save" }));

describe("form kit", () => {
  it("shows the schema's message beside the field, marked invalid, linked and announced", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const name = screen.getByLabelText("Name");
    expect(name).not.toHaveAttribute("aria-invalid");
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    const message = await screen.findByText("Name is required");
    expect(message).toHaveAttribute("role", "alert");
    expect(message).toHaveAttribute("id", "t-name-error");
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAttribute("aria-describedby", "t-name-error");
    expect(screen.getByLabelText("Count")).not.toHaveAttribute("aria-invalid");
    // The first invalid field gets the focus, so a keyboard user lands on it.
    expect(name).toHaveFocus();
  });

  it("shows the first message per field, after turning the text into the body", async () => {
    render(<Harness onSubmit={vi.fn()} />);
    const count = screen.getByLabelText("Count");
    await userEvent.clear(count);
    await userEvent.type(count, "11");
    await save();
    expect(await screen.findByText("Maximum 10 eggs per day")).toBeInTheDocument();
    expect(count).toHaveAttribute("aria-invalid", "true");
    expect(count.getAttribute("aria-describedby")).toBe(
      screen.getByText("Maximum 10 eggs per day").id,
    );
  });

  it("keeps a message until the next submit, then clears it", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await save();
    await screen.findByText("Name is required");
    await userEvent.type(screen.getByLabelText("Name"), "Henrietta");
    expect(screen.getByText("Name is required")).toBeInTheDocument();
    await save();
    expect(screen.queryByText("Name is required")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
  });

  it("submits the schema's output and the raw values", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText("Name"), "  Henrietta ");
    await userEvent.clear(screen.getByLabelText("Count"));
    await userEvent.type(screen.getByLabelText("Count"), "3");
    await save();
    expect(onSubmit).toHaveBeenCalledWith(
      { name: "Henrietta", count: 3 },
      { name: "  Henrietta ", count: "3" },
    );
  });

  it("adds a check's message only where the schema left none, with the body when it passed", async () => {
    const onSubmit = vi.fn();
    const check = vi.fn<FormCheck<Values, Body>>((_values, parsed) => ({
      name: "Taken",
      count: parsed !== null && parsed.count > 5 && "More than the 5 eggs set",
    }));
    render(<Harness onSubmit={onSubmit} check={check} />);
    await save();
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.queryByText("Taken")).not.toBeInTheDocument();
    expect(check).toHaveBeenLastCalledWith({ name: "", count: "0" }, null);

    await userEvent.type(screen.getByLabelText("Name"), "Hen");
    await userEvent.clear(screen.getByLabelText("Count"));
    await userEvent.type(screen.getByLabelText("Count"), "7");
    await save();
    expect(await screen.findByText("Taken")).toBeInTheDocument();
    expect(screen.getByText("More than the 5 eggs set")).toBeInTheDocument();
    expect(screen.getByLabelText("Count")).toHaveAttribute("aria-invalid", "true");
    expect(check).toHaveBeenLastCalledWith({ name: "Hen", count: "7" }, { name: "Hen", count: 7 });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a message for the whole form", async () => {
    render(<Harness onSubmit={vi.fn()} failWith="Hatch record not found" />);
    await userEvent.type(screen.getByLabelText("Name"), "Hen");
    await save();
    expect(await screen.findByRole("alert")).toHaveTextContent("Hatch record not found");
  });

  it("picks the schema from the values", async () => {
    const onSubmit = vi.fn();
    function Who() {
      const who = useFormField("who", "t-who");
      return (
        <>
          <label htmlFor={who.props.id}>Who</label>
          <Input {...who.props} />
          {who.error && <p id={who.errorId}>{who.error}</p>}
        </>
      );
    }
    function Picker() {
      const form = useZodForm({
        schema: (v: { who: string }) =>
          v.who === "flock"
            ? z.object({ who: z.literal("flock") })
            : z.object({ who: z.string().uuid("Chicken is required") }),
        defaultValues: { who: "" },
      });
      return (
        <Form form={form} onSubmit={onSubmit}>
          <Who />
          <button type="submit">Save</button>
        </Form>
      );
    }
    render(<Picker />);
    await save();
    expect(await screen.findByText("Chicken is required")).toHaveAttribute("id", "t-who-error");
    await userEvent.type(screen.getByLabelText("Who"), "flock");
    await save();
    expect(onSubmit).toHaveBeenCalledWith({ who: "flock" }, { who: "flock" });
  });
});
